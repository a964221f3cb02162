"""A 1-D ResNet for ECG classification: stages from a literal string read with ast.literal_eval, a projection shortcut where width or stride changes."""

import ast

from torch import nn

STAGES = "[(32, 2, 1), (64, 2, 2), (96, 3, 2), (128, 1, 2)]"  # (width, blocks, first stride)


class BasicBlock1d(nn.Module):
    def __init__(self, in_ch, out_ch, stride, kernel=7):
        super().__init__()
        self.conv1 = nn.Conv1d(in_ch, out_ch, kernel, stride, padding=kernel // 2, bias=False)
        self.bn1 = nn.BatchNorm1d(out_ch)
        self.conv2 = nn.Conv1d(out_ch, out_ch, kernel, 1, padding=kernel // 2, bias=False)
        self.bn2 = nn.BatchNorm1d(out_ch)
        self.shortcut = (
            nn.Sequential(nn.Conv1d(in_ch, out_ch, 1, stride, bias=False), nn.BatchNorm1d(out_ch))
            if stride != 1 or in_ch != out_ch
            else nn.Identity()
        )


class ResNet1d(nn.Module):
    def __init__(self, leads=12, num_classes=5, stem=32, stages=STAGES):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv1d(leads, stem, 15, 2, padding=7, bias=False),
            nn.BatchNorm1d(stem),
            nn.ReLU(),
            nn.MaxPool1d(3, 2, 1),
        )
        blocks, ch = [], stem
        for width, n, stride in ast.literal_eval(stages):
            for i in range(n):
                blocks.append(BasicBlock1d(ch, width, stride if i == 0 else 1))
                ch = width
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(2 * ch, num_classes)


model = ResNet1d(leads=12, num_classes=5, stem=32)
