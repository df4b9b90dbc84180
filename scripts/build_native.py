"""Compile the engine's hot modules to native code with mypyc, in place beside their sources.

    python scripts/build_native.py            # build; on failure, say why and keep pure Python
    python scripts/build_native.py --strict   # build; on failure, exit 1 (`make test`, `make bench`)
    python scripts/build_native.py --clean    # remove the compiled modules: pure Python again

The modules are `marblestudio.engine.native.MODULES`.  The old compiled files are removed first,
so a failed build leaves the pure-Python modules in use, never stale native ones.  A successful
build writes `native-stamp.json` with each source's digest (`native.stale()` compares it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from marblestudio.engine import native  # noqa: E402

GROUP = "marblestudio.engine.compiled"
"""The module mypyc puts the compiled modules' common code in (`compiled__mypyc.*.so` in engine/)."""


def compiled_files() -> list[Path]:
    """Every compiled module under the package, those of modules no longer listed included."""
    return sorted((ROOT / "src" / "marblestudio").rglob("*.so"))


def clean() -> None:
    for path in compiled_files():
        path.unlink()
    native.STAMP.unlink(missing_ok=True)


def build() -> None:
    from mypyc.build import mypycify
    from setuptools import setup

    sources = [str(native.source_path(m)) for m in native.MODULES]
    digests = {m: native.digest(m) for m in native.MODULES}
    work = Path(tempfile.mkdtemp(prefix="marblestudio-native-"))
    try:
        os.chdir(work)  # not the project's folder: setuptools would read its pyproject.toml too
        setup(
            name="marblestudio-native",
            package_dir={"": str(ROOT / "src")},
            ext_modules=mypycify(["--config-file", str(ROOT / "pyproject.toml"), *sources], opt_level="3", group_name=GROUP, target_dir=str(work / "c")),
            script_args=["-q", "build_ext", "--inplace", "--build-temp", str(work / "temp"), "--build-lib", str(work / "lib"), "-j", str(os.cpu_count() or 1)],
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    native.STAMP.write_text(json.dumps({"modules": digests}, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict", action="store_true", help="exit 1 when the build fails")
    parser.add_argument("--clean", action="store_true", help="only remove the compiled modules")
    args = parser.parse_args()
    clean()
    if args.clean:
        print("native modules removed: the engine runs as pure Python")
        return 0
    try:
        build()
    except (Exception, SystemExit) as error:  # noqa: BLE001 - a compiler missing or failing: say so, keep pure Python
        clean()
        print(f"build_native: could not compile the engine's native modules ({error}); the engine runs as pure Python", file=sys.stderr)
        return 1 if args.strict else 0
    print(f"native modules built: {len(native.MODULES)} ({', '.join(m.removeprefix('marblestudio.engine.') for m in native.MODULES)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
