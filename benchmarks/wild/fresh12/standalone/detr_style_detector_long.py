"""A DETR-style detector in one research-repo file: a small ResNet backbone with frozen batch norm
(buffers only), sine position encoding (no parameters), a transformer encoder/decoder built from
hand-written layers cloned with copy.deepcopy, learned object queries, class and box MLP heads,
auxiliary decoding heads that share the final heads, and a matcher/criterion holding an
empty-class weight buffer."""

import copy
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FrozenBatchNorm2d(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("weight", torch.ones(n))
        self.register_buffer("bias", torch.zeros(n))
        self.register_buffer("running_mean", torch.zeros(n))
        self.register_buffer("running_var", torch.ones(n))


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None, norm=FrozenBatchNorm2d):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 1, bias=False)
        self.bn1 = norm(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, stride, 1, bias=False)
        self.bn2 = norm(planes)
        self.conv3 = nn.Conv2d(planes, planes * self.expansion, 1, bias=False)
        self.bn3 = norm(planes * self.expansion)
        self.downsample = downsample


class Backbone(nn.Module):
    def __init__(self, layers=(1, 2, 2, 1), base=16, norm=FrozenBatchNorm2d):
        super().__init__()
        self.inplanes = base
        self.conv1 = nn.Conv2d(3, base, 7, 2, 3, bias=False)
        self.bn1 = norm(base)
        self.layer1 = self._make_layer(base, layers[0], 1, norm)
        self.layer2 = self._make_layer(base * 2, layers[1], 2, norm)
        self.layer3 = self._make_layer(base * 4, layers[2], 2, norm)
        self.layer4 = self._make_layer(base * 8, layers[3], 2, norm)
        self.num_channels = base * 8 * Bottleneck.expansion

    def _make_layer(self, planes, blocks, stride, norm):
        downsample = None
        if stride != 1 or self.inplanes != planes * Bottleneck.expansion:
            downsample = nn.Sequential(
                nn.Conv2d(self.inplanes, planes * Bottleneck.expansion, 1, stride, bias=False),
                norm(planes * Bottleneck.expansion),
            )
        layers = [Bottleneck(self.inplanes, planes, stride, downsample, norm)]
        self.inplanes = planes * Bottleneck.expansion
        layers += [Bottleneck(self.inplanes, planes, norm=norm) for _ in range(1, blocks)]
        return nn.Sequential(*layers)


class PositionEmbeddingSine(nn.Module):
    def __init__(self, num_pos_feats=64, temperature=10000, scale=2 * math.pi):
        super().__init__()
        self.num_pos_feats = num_pos_feats
        self.temperature = temperature
        self.scale = scale


class EncoderLayer(nn.Module):
    def __init__(self, d, nhead, ff, dropout=0.1):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d, nhead, dropout=dropout)
        self.linear1 = nn.Linear(d, ff)
        self.linear2 = nn.Linear(ff, d)
        self.norm1 = nn.LayerNorm(d)
        self.norm2 = nn.LayerNorm(d)
        self.dropout = nn.Dropout(dropout)


class DecoderLayer(EncoderLayer):
    def __init__(self, d, nhead, ff, dropout=0.1):
        super().__init__(d, nhead, ff, dropout)
        self.cross_attn = nn.MultiheadAttention(d, nhead, dropout=dropout)
        self.norm3 = nn.LayerNorm(d)


def _clones(module, n):
    return nn.ModuleList([copy.deepcopy(module) for _ in range(n)])


class Transformer(nn.Module):
    def __init__(self, d=128, nhead=8, enc=3, dec=3, ff=256):
        super().__init__()
        self.encoder = _clones(EncoderLayer(d, nhead, ff), enc)
        self.decoder = _clones(DecoderLayer(d, nhead, ff), dec)
        self.decoder_norm = nn.LayerNorm(d)
        self.d_model = d


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, num_layers):
        super().__init__()
        h = [hidden_dim] * (num_layers - 1)
        self.layers = nn.ModuleList(
            nn.Linear(n, k) for n, k in zip([input_dim] + h, h + [output_dim])
        )

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = F.relu(layer(x)) if i < len(self.layers) - 1 else layer(x)
        return x


class SetCriterion(nn.Module):
    def __init__(self, num_classes, eos_coef=0.1):
        super().__init__()
        w = torch.ones(num_classes + 1)
        w[-1] = eos_coef
        self.register_buffer("empty_weight", w)


class DETR(nn.Module):
    def __init__(self, num_classes=20, num_queries=50, aux_loss=True):
        super().__init__()
        self.backbone = Backbone()
        self.position = PositionEmbeddingSine(64)
        self.transformer = Transformer()
        d = self.transformer.d_model
        self.input_proj = nn.Conv2d(self.backbone.num_channels, d, 1)
        self.query_embed = nn.Embedding(num_queries, d)
        self.class_embed = nn.Linear(d, num_classes + 1)
        self.bbox_embed = MLP(d, d, 4, 3)
        if aux_loss:
            self.aux_heads = nn.ModuleList(
                nn.ModuleDict({"cls": self.class_embed, "box": self.bbox_embed})
                for _ in range(len(self.transformer.decoder) - 1)
            )
        self.criterion = SetCriterion(num_classes)


model = DETR()
