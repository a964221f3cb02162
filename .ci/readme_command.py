"""Print the README's command under a heading (the first ```bash block after it), for .ci/run.

python .ci/readme_command.py "Try it (fresh machine)"
"""

import re
import sys
from pathlib import Path

heading = sys.argv[1]
text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
at = text.index(f"## {heading}\n")
m = re.search(r"```bash\n(.*?)```", text[at:], re.S)
print(m.group(1).strip())
