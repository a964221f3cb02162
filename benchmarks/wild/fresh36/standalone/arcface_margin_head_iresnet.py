# face recognition: a small IResNet-style trunk, a BN-FC-BN embedding and the ArcFace class-center matrix
import torch
import torch.nn as nn


class IBasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.bn1 = nn.BatchNorm2d(cin, eps=1e-5)
        self.conv1 = nn.Conv2d(cin, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout, eps=1e-5)
        self.prelu = nn.PReLU(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, stride, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(cout, eps=1e-5)
        self.down = (
            nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))
            if stride > 1 or cin != cout
            else None
        )


class ArcFaceModel(nn.Module):
    def __init__(self, num_classes=10572, emb=512, widths=(64, 128, 256, 512)):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 64, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.prelu = nn.PReLU(64)
        layers, c = [], 64
        for w in widths:
            layers.append(IBasicBlock(c, w, 2))
            c = w
        self.layers = nn.Sequential(*layers)
        self.bn2 = nn.BatchNorm2d(c)
        self.fc = nn.Linear(c * 7 * 7, emb)
        self.features = nn.BatchNorm1d(emb)
        nn.init.constant_(self.features.weight, 1.0)
        self.features.weight.requires_grad = False
        self.arc_weight = nn.Parameter(torch.normal(0, 0.01, (num_classes, emb)))


model = ArcFaceModel()
