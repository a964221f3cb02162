# DDP habit: BatchNorm layers converted to SyncBatchNorm before wrapping (parameters carried over)
import torch.nn as nn

net = nn.Sequential(
    nn.Conv2d(3, 16, 3, padding=1),
    nn.BatchNorm2d(16),
    nn.ReLU(),
    nn.Conv2d(16, 32, 3, padding=1),
    nn.BatchNorm2d(32, affine=False),
    nn.ReLU(),
    nn.Flatten(),
    nn.Linear(32 * 8 * 8, 10),
)
model = nn.SyncBatchNorm.convert_sync_batchnorm(net)
