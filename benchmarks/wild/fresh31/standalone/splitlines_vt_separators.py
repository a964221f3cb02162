"""str.splitlines treats \\r\\n as one break, \\x0b and \\x1c as breaks too (unlike split("\\n")); the number of
lines is the depth and the longest line (max key=len) the width."""

import torch.nn as nn

TEXT = "ab\r\ncde\x0bf\x1cghij\n"
lines = TEXT.splitlines()  # ['ab', 'cde', 'f', 'ghij']
depth = len(lines)
width = 4 * len(max(lines, key=len))  # 16
model = nn.Sequential(*[nn.Linear(width, width) for _ in range(depth)])
