import torch.nn as nn


class Net(nn.Module):
    def __init__(
        self, widths=(8, 16, 32), num_classes=10, features_only=False, out_indices=(0, 1, 2)
    ):
        super().__init__()
        self.stages = nn.ModuleList()
        c = 3
        for w in widths:
            self.stages.append(nn.Conv2d(c, w, 3))
            c = w
        self.feature_info = [
            dict(num_chs=w, reduction=2**i, module=f"stages.{i}") for i, w in enumerate(widths)
        ]
        if features_only:
            self.head = None
            self.out_indices = out_indices
        else:
            self.head = nn.Linear(c, num_classes)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Net(features_only=True)
        chans = [f["num_chs"] for f in self.backbone.feature_info]
        self.necks = nn.ModuleList(nn.Conv2d(c, 8, 1) for c in chans)
