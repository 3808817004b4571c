"""`python -m iconcat.cli`: the same as the `iconcat` command."""

import sys

from iconcat.cli.entry import main

sys.exit(main())
