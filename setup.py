"""Packaging glue that pyproject.toml cannot express: the top-level `rulesets/` folder
ships inside the package as `marblestudio.bundled`, so a plain `pip install .` finds it."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages("src"), "marblestudio.bundled"],
    package_dir={"": "src", "marblestudio.bundled": "rulesets"},
    package_data={
        "marblestudio.bundled": ["*/*.yaml", "*/*.yml"],
        "marblestudio.rulesets.schema": ["*.json", "families/*.json"],
        "marblestudio.games": ["notation/*.md"],
        "marblestudio.net": ["protocol.schema.json"],
        "marblestudio": ["py.typed"],  # plug-ins type-check against Marble Studio (PEP 561)
    },
    include_package_data=False,
)
