"""A config serialized with plistlib (XML plist) and read back: integers stay ints, a bool stays a bool,
nested arrays become lists; the widths and the bidirectional flag come from the round trip."""

import plistlib

import torch.nn as nn

blob = plistlib.dumps({"hidden": [12, 20], "bidirectional": True, "vocab": 33})
cfg = plistlib.loads(blob)


class Tagger(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed = nn.Embedding(c["vocab"], c["hidden"][0])
        self.rnn = nn.LSTM(
            c["hidden"][0], c["hidden"][1], bidirectional=c["bidirectional"], batch_first=True
        )
        self.out = nn.Linear(c["hidden"][1] * (2 if c["bidirectional"] else 1), 7)


model = Tagger(cfg)
