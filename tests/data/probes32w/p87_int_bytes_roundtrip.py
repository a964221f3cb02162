# ruff: noqa  (a probe of one Python corner, written as the corner needs, not as lint wants)
import torch.nn as nn

WIDTHS = [
    int.from_bytes(b"\x01\x00", "little"),
    int.from_bytes(b"\x01\x00", "big") // 64,
    len((1024).to_bytes(3, "big")),
    len(bytes(3)),
    len(bytearray(b"ab") * 2),
]


class M(nn.Module):
    def __init__(self):
        super().__init__()
        ws = WIDTHS
        self.layers = nn.ModuleList(nn.Linear(int(w), i + 1) for i, w in enumerate(ws))


model = M()
