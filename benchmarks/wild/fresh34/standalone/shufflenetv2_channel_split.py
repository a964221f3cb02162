import torch.nn as nn


def dw(c, stride):
    return nn.Sequential(nn.Conv2d(c, c, 3, stride, 1, groups=c, bias=False), nn.BatchNorm2d(c))


def pw(i, o):
    return nn.Sequential(nn.Conv2d(i, o, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class InvertedResidual(nn.Module):
    def __init__(self, inp, oup, stride):
        super().__init__()
        branch = oup // 2
        if stride > 1:
            self.branch1 = nn.Sequential(dw(inp, stride), pw(inp, branch))
        else:
            self.branch1 = nn.Sequential()
        # stride 1: the right half of the split goes through branch2
        c_in = inp if stride > 1 else branch
        self.branch2 = nn.Sequential(pw(c_in, branch), dw(branch, stride), pw(branch, branch))


class ShuffleNetV2(nn.Module):
    def __init__(self, stages_repeats, stages_out_channels, num_classes=1000):
        super().__init__()
        c = stages_out_channels[0]
        self.conv1 = nn.Sequential(
            nn.Conv2d(3, c, 3, 2, 1, bias=False), nn.BatchNorm2d(c), nn.ReLU(inplace=True)
        )
        for name, repeats, out in zip(
            ["stage2", "stage3", "stage4"], stages_repeats, stages_out_channels[1:]
        ):
            seq = [InvertedResidual(c, out, 2)] + [
                InvertedResidual(out, out, 1) for _ in range(repeats - 1)
            ]
            setattr(self, name, nn.Sequential(*seq))
            c = out
        last = stages_out_channels[-1]
        self.conv5 = pw(c, last)
        self.fc = nn.Linear(last, num_classes)


model = ShuffleNetV2(
    stages_repeats=[2, 3, 2], stages_out_channels=[24, 48, 96, 192, 512], num_classes=10
)
