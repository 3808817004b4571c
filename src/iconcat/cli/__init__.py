"""The `iconcat` command: browse, search, download, serve, login.

Exit status: 0 success; 1 the service, the network or the disk failed; 2 usage or configuration error;
3 the service rejected the token; 4 not found; 130 interrupted (Ctrl-C). A reader of stdout that went
away (`| head`) ends any command quietly with 0: it had what it wanted. Errors are one line on stderr,
`iconcat: error: <what failed>: <what to do>`, never a traceback (set ICONCAT_DEBUG=1 to get one for a
bug report) and never the token: the token is not accepted on the command line at all (process lists
show arguments), only from ICONCAT_TOKEN, the config file, `iconcat login` or standard input.

Everything the service sends reaches the terminal through `iconcat.text.sanitize` (the table) or as
ASCII-escaped JSON (`--json`), so a hostile name cannot move the cursor, retitle the window or write the
clipboard. A failure nobody foresaw is worded by `iconcat.failures.describe_failure`, as in the browser:
never an exception's class name.

The modules: `entry` (`main`: the command chosen, errors turned into the one line and the exit status),
`parser` (the options), `output` (what is printed: errors, tables, JSON, progress lines), `errors`
(exit statuses), `catalogue` (the catalogue `entry` chose, `iconcat.catalogue.choose_catalogue`,
opened for the command: configured, the demo, or sets from disk, the last two in-process), and one
module a command family: `browser` (browse, pick), `search`, `download`, `remembered`
(favourites, recent), `serve`, `login`.

Modules only some commands need (the settings, asyncio, json, pathlib, getpass, dataclasses, the
client, the server) are imported inside them: `iconcat --help` imports little beyond argparse
(tests/cli/test_quick_start.py holds that).
"""

from iconcat.cli.entry import main

__all__ = ["main"]
