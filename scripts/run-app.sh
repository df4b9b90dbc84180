#!/usr/bin/env bash
# Starts the app; with no display, says so and shows how to run it under xvfb-run.
set -u
py="$1"; shift || true
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found (DISPLAY is not set): Marble Studio is a desktop app."
  echo "To run it on a virtual screen:  xvfb-run -a -s '-screen 0 1280x1024x24 +extension GLX' $py -m marblestudio"
  echo "To draw a board to a PNG instead:  $py -m marblestudio render stay-alive/standard --out board.png"
  exit 1
fi
exec "$py" -m marblestudio "$@"
