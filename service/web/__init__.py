"""HTTP: the routes (each decodes its input, calls one use case and returns a struct),
the pages (viewer, recording page, new-match page, guides), errors mapped to status
codes, the OpenAPI document, and the server with the limits an open network needs.

The top of the service beside the command line: imports every room below it.
"""
