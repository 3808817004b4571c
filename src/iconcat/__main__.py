"""`python -m iconcat`: the same as the `iconcat` command."""

import sys

from iconcat.cli import main

sys.exit(main())
