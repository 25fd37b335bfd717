import sys

from pmtui.cli import main

sys.exit(main())
