import torch.nn as nn


class VGGBlock(nn.Sequential):
    def __init__(self, in_ch, mid_ch, out_ch):
        super().__init__(
            nn.Conv2d(in_ch, mid_ch, 3, padding=1),
            nn.BatchNorm2d(mid_ch),
            nn.ReLU(inplace=True),
            nn.Conv2d(mid_ch, out_ch, 3, padding=1),
            nn.BatchNorm2d(out_ch),
            nn.ReLU(inplace=True),
        )


class NestedUNet(nn.Module):
    def __init__(
        self, num_classes, input_channels=3, nb_filter=(32, 64, 128, 256), deep_supervision=False
    ):
        super().__init__()
        depth = len(nb_filter)
        self.blocks = nn.ModuleDict()
        for i in range(depth):
            cin = input_channels if i == 0 else nb_filter[i - 1]
            self.blocks[f"conv{i}_0"] = VGGBlock(cin, nb_filter[i], nb_filter[i])
        # X^{i,j} sees j same-level maps plus the upsampled one below
        for j in range(1, depth):
            for i in range(depth - j):
                cin = nb_filter[i] * j + nb_filter[i + 1]
                self.blocks[f"conv{i}_{j}"] = VGGBlock(cin, nb_filter[i], nb_filter[i])
        n_heads = depth - 1 if deep_supervision else 1
        self.finals = nn.ModuleList(nn.Conv2d(nb_filter[0], num_classes, 1) for _ in range(n_heads))


model = NestedUNet(
    num_classes=2, input_channels=1, nb_filter=(8, 16, 32, 64), deep_supervision=True
)
