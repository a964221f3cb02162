import torch.nn as nn


class VisionTransformer(nn.Module):
    def __init__(
        self,
        patch_size=16,
        embed_dim=32,
        depth=2,
        num_heads=2,
        mlp_ratio=4.0,
        num_classes=10,
        qkv_bias=True,
        class_token=True,
    ):
        super().__init__()
        self.patch = nn.Conv2d(3, embed_dim, patch_size, patch_size)
        self.cls_token = (
            nn.Parameter(__import__("torch").zeros(1, 1, embed_dim)) if class_token else None
        )
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(embed_dim, num_heads, int(embed_dim * mlp_ratio))
            for _ in range(depth)
        )
        self.head = nn.Linear(embed_dim, num_classes)


def _create_vit(variant, pretrained=False, **kwargs):
    return VisionTransformer(**kwargs)


def vit_tiny(pretrained=False, **kwargs):
    model_args = dict(patch_size=8, embed_dim=16, depth=2, num_heads=2)
    return _create_vit("vit_tiny", pretrained=pretrained, **dict(model_args, **kwargs))


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.v = vit_tiny(num_classes=4, class_token=False)
        self.w = vit_tiny(mlp_ratio=2.0)
