import sys

from driftcheck.cli import main

sys.exit(main())
