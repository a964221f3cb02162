# PointNet segmentation with input / feature T-Nets (k x k transform regressors)
import torch.nn as nn


class TNet(nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.mlp = nn.Sequential(
            nn.Conv1d(k, 64, 1),
            nn.BatchNorm1d(64),
            nn.ReLU(),
            nn.Conv1d(64, 128, 1),
            nn.BatchNorm1d(128),
            nn.ReLU(),
            nn.Conv1d(128, 1024, 1),
            nn.BatchNorm1d(1024),
            nn.ReLU(),
        )
        self.fc = nn.Sequential(
            nn.Linear(1024, 512), nn.ReLU(), nn.Linear(512, 256), nn.ReLU(), nn.Linear(256, k * k)
        )


class PointNetSeg(nn.Module):
    def __init__(self, parts=50):
        super().__init__()
        self.tnet3 = TNet(3)
        self.conv1 = nn.Conv1d(3, 64, 1)
        self.tnet64 = TNet(64)
        self.conv2 = nn.Sequential(nn.Conv1d(64, 128, 1), nn.ReLU(), nn.Conv1d(128, 1024, 1))
        self.seg = nn.Sequential(
            nn.Conv1d(1088, 512, 1),
            nn.ReLU(),
            nn.Conv1d(512, 256, 1),
            nn.ReLU(),
            nn.Conv1d(256, 128, 1),
            nn.ReLU(),
            nn.Conv1d(128, parts, 1),
        )


model = PointNetSeg()
