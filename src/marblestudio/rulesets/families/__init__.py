"""The bundled game families' ruleset sections, one module each: `check(data)` its semantic
checks, `build(data)` its typed rules, `unused(data)` the keys its rules never read.  A family's
descriptor (`engine.family.Family.ruleset`) names its module; nothing here lists them."""
