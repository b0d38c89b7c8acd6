"""`checker serve`: the page players open on a phone to settle a dispute at the table.

Its own package, imported only by the `serve` command: `checker resolve` and `checker simulate`
never load Starlette. `api` answers through `checker.core.resolve_cmd` (one engine path, the
CLI's own), `app` is the Starlette application, `faces` draws card pictures with the `generator`
command (run as a program: `checker` never imports `generator`), `run` starts uvicorn.
"""
