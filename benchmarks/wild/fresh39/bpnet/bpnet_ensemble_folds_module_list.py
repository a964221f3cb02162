# five cross-validation folds of BPNet kept as one ensemble module
import torch.nn as nn
from bpnetlite import BPNet

folds = 5
model = nn.ModuleList(
    [
        BPNet(
            n_filters=32,
            n_layers=5,
            n_outputs=2,
            n_control_tracks=0,
            name=f"fold{i}",
            verbose=False,
        )
        for i in range(folds)
    ]
)
