"""The application object: settings, the log file, and errors shown instead of crashing.

Settings live in QSettings under `ORGANISATION`/`APPLICATION` in INI format (tests point
`QSettings.setPath` at a temporary folder).  Unexpected errors in the event loop are written
with their traceback to the log file and shown in a message box that gives its path; the app
goes on running.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

ORGANISATION = "MarbleStudio"
APPLICATION = "Marble Studio"

log = logging.getLogger("marblestudio")


def settings() -> QSettings:
    """The app's settings store."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION)


def log_path() -> Path:
    """Where unexpected errors are written: `$MARBLESTUDIO_LOG_DIR` or the user's cache folder."""
    folder = os.environ.get("MARBLESTUDIO_LOG_DIR")
    if folder:
        base = Path(folder)
    else:
        cache = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericCacheLocation)
        base = Path(cache or Path.home() / ".cache") / "marblestudio"
    base.mkdir(parents=True, exist_ok=True)
    return base / "marblestudio.log"


def setup_logging() -> Path:
    """Send warnings and errors of our loggers to the log file (once), and return its path.

    When the log folder cannot be made or written (a file in its place, no permission), the
    log goes to the temporary folder instead: a bad setting must not stop the app."""
    try:
        return _log_to(log_path())
    except OSError:
        return _log_to(Path(tempfile.gettempdir()) / "marblestudio.log")


def _log_to(path: Path) -> Path:
    if not any(isinstance(h, logging.FileHandler) and Path(h.baseFilename) == path.absolute() for h in log.handlers):
        handler = logging.FileHandler(path, encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.setLevel(logging.WARNING)
        log.addHandler(handler)
    return path


def report_error(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None, parent: QWidget | None = None) -> str:
    """Write the error to the log file and show it; returns the text shown."""
    try:
        path = setup_logging()
        log.error("unexpected error:\n%s", "".join(traceback.format_exception(exc_type, exc, tb)))
        where = f"The details were written to {path}."
    except OSError as problem:
        where = f"The details could not be written to a log file ({problem.strerror or problem})."
    text = f"Something went wrong: {exc_type.__name__}: {exc}\n\n{where} The app goes on running."
    if QApplication.instance() is not None:
        QMessageBox.critical(parent, "Marble Studio: unexpected error", text)
    return text


def install_excepthook() -> None:
    """Errors raised in Qt slots go to `report_error` instead of ending the app."""

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        report_error(exc_type, exc, tb)

    sys.excepthook = hook


def application(argv: list[str] | None = None) -> QApplication:
    """The QApplication (created once), named for QSettings."""
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
    app = QApplication.instance()
    if app is None:
        app = QApplication(argv if argv is not None else sys.argv[:1])
    QCoreApplication.setOrganizationName(ORGANISATION)
    QCoreApplication.setApplicationName(APPLICATION)
    assert isinstance(app, QApplication)
    return app
