"""Rock Me Archimedes' move preview: the path, and how far the board would tilt along it.

For the selected marble, every legal move to each destination is tried on a copy of the game
(the engine's own `apply`, so the preview is exactly what would happen).  The click on a cup
takes the path whose steepest angle (rest or swing peak) is smallest; hovering the cup shows
that path as dots coloured from green (level) to red (the touching angle) and a bar along the
board's front edge at its steepest angle, in the same colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marblestudio.engine.archimedes import LiftMarble, RollMarble
from marblestudio.views.board import meshes
from marblestudio.views.board.archimedes.layout import Geometry, disc_mesh

Cup = tuple[int, int]
MARKERS = 8  # path dots kept ready (the longest path of the book's die is 3 cups; house dice 6)


@dataclass(frozen=True)
class Prediction:
    """What a move would do to the board: the cups it passes and the steepest angle."""

    move: Any
    cups: tuple[Cup, ...]
    angles: tuple[float, ...]  # the angle at each position the board passes, in order
    worst: float  # the steepest angle, rest or swing peak (degrees, signed)
    touches: bool


def predict(state: Any, move: RollMarble | LiftMarble) -> Prediction:
    """Play `move` on a copy of `state` and read the board's story from its events."""
    events = state.copy().apply(move)
    angles: list[float] = []
    worst = 0.0
    touches = False
    for event in events:
        if event.kind == "board_tilted":
            for angle in (event["angle"], event.get("peak_angle")):
                if angle is not None:
                    angles.append(float(angle))
                    worst = angle if abs(angle) > abs(worst) else worst
        elif event.kind == "board_touched":
            touches = True
    cups = move.path if isinstance(move, RollMarble) else (move.dest,)
    return Prediction(move, tuple(cups), tuple(angles), worst, touches)


class Preview:
    """Chooses a path per destination and draws the preview (mixed into the Archimedes `Board`)."""

    geo: Geometry
    angle: float

    def build_preview(self, geo: Geometry) -> None:
        self._choice: dict[Cup, Any] = {}
        self._predictions: dict[Cup, Prediction] = {}
        dot = disc_mesh(0.16, 0.03)
        self._dots = [self._attach(self.mesh(dot, (0.2, 0.9, 0.3, 1.0)), (0.0, 0.0, geo.top + 0.03)) for _ in range(MARKERS)]  # type: ignore[attr-defined]
        for d in self._dots:
            d.hide()
        half_l, half_w = geo.half_length, geo.half_width
        # the predicted tilt: a bar along the board's front edge at the steepest angle
        bar = meshes.box((-half_l, -half_w - 0.16, geo.top - 0.06), (half_l, -half_w - 0.08, geo.top + 0.02))
        self._ghost = self.add(self.mesh(bar, (0.9, 0.9, 1.0, 0.8)))  # type: ignore[attr-defined]
        self._ghost.setGLOptions("translucent")
        self._ghost.hide()

    def choose_paths(self, state: Any, moves: list[RollMarble | LiftMarble]) -> None:
        """For each destination the gentlest of `moves`, with its prediction."""
        self._choice, self._predictions = {}, {}
        for move in moves:
            prediction = predict(state, move)
            best = self._predictions.get(move.dest)
            if best is None or (prediction.touches, abs(prediction.worst)) < (best.touches, abs(best.worst)):
                self._predictions[move.dest] = prediction
                self._choice[move.dest] = move

    def prediction(self, dest: Cup) -> Prediction | None:
        return self._predictions.get(dest)

    def show_preview(self, dest: Cup | None) -> None:
        prediction = self._predictions.get(dest) if dest is not None else None
        for dot in self._dots:
            dot.hide()
        if prediction is None:
            self._ghost.hide()
            return
        limit = self.geo.touch_angle or 90.0
        for i, (cup, dot) in enumerate(zip(prediction.cups, self._dots)):
            angle = prediction.angles[min(i, len(prediction.angles) - 1)] if prediction.angles else 0.0
            dot.setColor(_risk(abs(angle) / limit))
            x, y = self.geo.cup_xy(*cup)
            local = dot.opts["_local"]
            local.setToIdentity()
            local.translate(x, y, self.geo.top + 0.03)
            dot.setTransform(self.geo.transform(self.angle) * local)
            dot.show()
        self._ghost.setColor((*_risk(abs(prediction.worst) / limit)[:3], 0.8))
        self._ghost.setTransform(self.geo.transform(max(-limit, min(limit, prediction.worst))))
        self._ghost.show()


def _risk(share: float) -> tuple[float, float, float, float]:
    """Green when level, through yellow, to red at the touching angle."""
    s = max(0.0, min(1.0, share))
    return (min(1.0, 2 * s), min(1.0, 2 * (1 - s)), 0.15, 1.0)

