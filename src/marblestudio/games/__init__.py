"""The four bundled games' plug-in descriptors, one module per game.

Each module holds one `engine.family.Family` named `FAMILY`, registered in pyproject.toml's
``[project.entry-points."marblestudio.families"]`` exactly as an outside package registers its
own game (see docs/plugins.md).  Nothing else of Marble Studio lists the games.
"""
