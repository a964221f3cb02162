# ruff: noqa: E701, B006, B007, B904 (written as library code is written)
import copy

import torch.nn as nn


class BaseModule(nn.Module):
    def __init__(self, init_cfg=None):
        super().__init__()
        self._is_init = False
        self.init_cfg = copy.deepcopy(init_cfg)

    def init_weights(self):
        if self.init_cfg and self.init_cfg.get("type") == "Pretrained":
            return
        for m in self.children():
            if hasattr(m, "init_weights"):
                m.init_weights()
        self._is_init = True


class Neck(BaseModule):
    def __init__(
        self, in_channels=(4, 8), out_channels=6, init_cfg=dict(type="Xavier", layer="Conv2d")
    ):
        super().__init__(init_cfg)
        self.lateral = nn.ModuleList(nn.Conv2d(c, out_channels, 1) for c in in_channels)
        self.fpn = nn.ModuleList(
            nn.Conv2d(out_channels, out_channels, 3, padding=1) for _ in in_channels
        )


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.neck = Neck(in_channels=[2, 4, 8])
        self.neck.init_weights()
