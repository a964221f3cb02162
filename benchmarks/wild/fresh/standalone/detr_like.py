"""A DETR-style detector: small CNN backbone, nn.Transformer, object queries, class and box heads (fresh batch, benchmarks/wild/fresh)."""

import torch
import torch.nn as nn


class MLP(nn.Module):
    def __init__(self, input_dim, hidden_dim, output_dim, num_layers):
        super().__init__()
        self.num_layers = num_layers
        h = [hidden_dim] * (num_layers - 1)
        self.layers = nn.ModuleList(nn.Linear(n, k) for n, k in zip([input_dim] + h, h + [output_dim]))


class Backbone(nn.Sequential):
    def __init__(self, widths=(32, 64, 128)):
        layers, c = [], 3
        for w in widths:
            layers += [nn.Conv2d(c, w, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(w), nn.ReLU()]
            c = w
        super().__init__(*layers)
        self.num_channels = c


class DETR(nn.Module):
    def __init__(self, backbone, num_classes, num_queries=100, hidden_dim=256, nheads=8,
                 num_encoder_layers=6, num_decoder_layers=6, aux_loss=False):
        super().__init__()
        self.num_queries = num_queries
        self.backbone = backbone
        self.input_proj = nn.Conv2d(backbone.num_channels, hidden_dim, kernel_size=1)
        self.transformer = nn.Transformer(
            d_model=hidden_dim, nhead=nheads, num_encoder_layers=num_encoder_layers,
            num_decoder_layers=num_decoder_layers, dim_feedforward=hidden_dim * 4, batch_first=True,
        )
        self.query_embed = nn.Embedding(num_queries, hidden_dim)
        self.class_embed = nn.Linear(hidden_dim, num_classes + 1)
        self.bbox_embed = MLP(hidden_dim, hidden_dim, 4, 3)
        self.row_embed = nn.Parameter(torch.rand(50, hidden_dim // 2))
        self.col_embed = nn.Parameter(torch.rand(50, hidden_dim // 2))
        self.aux_loss = aux_loss


model = DETR(Backbone((32, 64, 128)), num_classes=20, num_queries=50, hidden_dim=128, nheads=4,
             num_encoder_layers=2, num_decoder_layers=3)
