"""The `DocumentCompilerComponent`: this project's definitions inside any Dagster project.

`component` (the `dg` Component: YAML attributes -> `Settings` -> `definitions.build_defs`),
`config` (its attributes' checks and the environment it reads the LLM from) and `scaffold`
(what `dg scaffold defs vectorless_assets.DocumentCompilerComponent <folder>` writes). The
`vectorless_assets` package is the `dagster_dg_cli.registry_modules` entry point
(pyproject.toml) and exposes the class lazily, so importing the package imports no Dagster.
"""
