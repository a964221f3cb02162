from swin_transformer_pytorch.swin_transformer import SwinTransformer
from torch import nn


class SwinFeatures(SwinTransformer):
    """Swin as a backbone: the classifier is dropped and a conv decoder reads stage 4."""

    def __init__(self, n_classes, **kw):
        super().__init__(**kw)
        dim = kw["hidden_dim"] * 8
        del self.mlp_head
        self.decode = nn.Sequential(
            nn.Conv2d(dim, dim // 2, 3, padding=1),
            nn.BatchNorm2d(dim // 2),
            nn.ReLU(inplace=True),
            nn.Conv2d(dim // 2, n_classes, 1),
        )

    def forward(self, img):
        x = self.stage4(self.stage3(self.stage2(self.stage1(img))))
        return self.decode(x)


model = SwinFeatures(
    n_classes=21,
    hidden_dim=24,
    layers=[2, 2, 4, 2],
    heads=[1, 2, 4, 8],
    head_dim=12,
    window_size=7,
)
