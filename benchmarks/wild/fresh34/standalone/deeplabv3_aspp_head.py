import torch.nn as nn


class ASPPConv(nn.Sequential):
    def __init__(self, in_ch, out_ch, dilation):
        super().__init__(
            nn.Conv2d(in_ch, out_ch, 3, padding=dilation, dilation=dilation, bias=False),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(),
        )


class ASPPPooling(nn.Sequential):
    def __init__(self, in_ch, out_ch):
        super().__init__(
            nn.AdaptiveAvgPool2d(1),
            nn.Conv2d(in_ch, out_ch, 1, bias=False),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(),
        )


class ASPP(nn.Module):
    def __init__(self, in_ch, rates, out_ch=256):
        super().__init__()
        mods = [
            nn.Sequential(
                nn.Conv2d(in_ch, out_ch, 1, bias=False), nn.BatchNorm2d(out_ch), nn.ReLU()
            )
        ]
        mods += [ASPPConv(in_ch, out_ch, r) for r in tuple(rates)]
        mods.append(ASPPPooling(in_ch, out_ch))
        self.convs = nn.ModuleList(mods)
        self.project = nn.Sequential(
            nn.Conv2d(len(self.convs) * out_ch, out_ch, 1, bias=False),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(),
            nn.Dropout(0.5),
        )


class DeepLabHead(nn.Sequential):
    def __init__(self, in_ch, num_classes, rates=(12, 24, 36), aspp_ch=256):
        super().__init__(
            ASPP(in_ch, rates, aspp_ch),
            nn.Conv2d(aspp_ch, aspp_ch, 3, padding=1, bias=False),
            nn.BatchNorm2d(aspp_ch),
            nn.ReLU(),
            nn.Conv2d(aspp_ch, num_classes, 1),
        )


model = DeepLabHead(in_ch=128, num_classes=21, rates=(6, 12, 18), aspp_ch=64)
