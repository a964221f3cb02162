"""DINO: ViT-tiny student and EMA teacher (built separately, frozen, as main_dino.py does), DINOHead with weight-normed last layer
whose weight_g is frozen (norm_last_layer=True)."""

import copy

import torch
import torch.nn as nn


class DINOHead(nn.Module):
    def __init__(
        self,
        in_dim,
        out_dim,
        use_bn=False,
        norm_last_layer=True,
        nlayers=3,
        hidden_dim=512,
        bottleneck_dim=128,
    ):
        super().__init__()
        layers = [nn.Linear(in_dim, hidden_dim)]
        if use_bn:
            layers.append(nn.BatchNorm1d(hidden_dim))
        layers.append(nn.GELU())
        for _ in range(nlayers - 2):
            layers += [nn.Linear(hidden_dim, hidden_dim), nn.GELU()]
        layers.append(nn.Linear(hidden_dim, bottleneck_dim))
        self.mlp = nn.Sequential(*layers)
        self.last_layer = nn.utils.weight_norm(nn.Linear(bottleneck_dim, out_dim, bias=False))
        self.last_layer.weight_g.data.fill_(1)
        if norm_last_layer:
            self.last_layer.weight_g.requires_grad = False

    def forward(self, x):
        x = nn.functional.normalize(self.mlp(x), dim=-1)
        return self.last_layer(x)


class TinyViT(nn.Module):
    def __init__(self, img=32, patch=4, dim=192, depth=6, heads=3):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, patch, patch)
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.zeros(1, (img // patch) ** 2 + 1, dim))
        self.blocks = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(
                dim, heads, 4 * dim, activation="gelu", batch_first=True, norm_first=True
            ),
            depth,
            enable_nested_tensor=False,
        )
        self.norm = nn.LayerNorm(dim)
        self.embed_dim = dim

    def forward(self, x):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat((self.cls_token.expand(x.shape[0], -1, -1), x), 1) + self.pos_embed
        return self.norm(self.blocks(x))[:, 0]


class MultiCropWrapper(nn.Module):
    def __init__(self, backbone, head):
        super().__init__()
        self.backbone, self.head = backbone, head

    def forward(self, x):
        return self.head(self.backbone(x))


class DINO(nn.Module):
    def __init__(self, out_dim=4096):
        super().__init__()
        student, teacher = TinyViT(), TinyViT()
        self.student = MultiCropWrapper(student, DINOHead(student.embed_dim, out_dim))
        self.teacher = MultiCropWrapper(teacher, DINOHead(teacher.embed_dim, out_dim))
        self.teacher.load_state_dict(copy.deepcopy(self.student.state_dict()))
        for p in self.teacher.parameters():
            p.requires_grad = False


model = DINO(out_dim=4096)
