import torch.nn as nn


class TCNBlock(nn.Module):
    def __init__(self, cin, cout, kernel, dilation):
        super().__init__()
        pad = (kernel - 1) * dilation
        self.conv1 = nn.Conv1d(cin, cout, kernel, padding=pad, dilation=dilation)
        self.conv2 = nn.Conv1d(cout, cout, kernel, padding=pad, dilation=dilation)
        self.down = nn.Conv1d(cin, cout, 1) if cin != cout else None


class TCN(nn.Module):
    def __init__(self, channels, kernel=3):
        super().__init__()
        self.blocks = nn.Sequential(
            *(TCNBlock(a, b, kernel, 2**i) for i, (a, b) in enumerate(zip(channels, channels[1:])))
        )

    @classmethod
    def from_config(cls, cfg):
        channels = [cfg["in"]] + [cfg["hidden"]] * cfg["levels"] + [cfg["out"]]
        return cls(channels, kernel=cfg.get("kernel", 3))


model = TCN.from_config({"in": 4, "hidden": 25, "levels": 3, "out": 8, "kernel": 5})
