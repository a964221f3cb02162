"""wav2vec 2.0: conv feature extractor from a conv spec string, feature projection, conv positional
embedding with weight norm, and a post-LN transformer encoder."""

import torch
import torch.nn as nn

conv_feature_layers = "[(128, 10, 5)] + [(128, 3, 2)] * 4 + [(128, 2, 2)] * 2"


class ConvFeatureExtractionModel(nn.Module):
    def __init__(self, conv_layers, mode="default", conv_bias=False):
        super().__init__()

        def block(n_in, n_out, k, stride, is_group_norm):
            layers = [nn.Conv1d(n_in, n_out, k, stride=stride, bias=conv_bias)]
            if is_group_norm:
                layers.append(nn.GroupNorm(n_out, n_out, affine=True))
            layers.append(nn.GELU())
            return nn.Sequential(*layers)

        in_d = 1
        self.conv_layers = nn.ModuleList()
        for i, (dim, k, stride) in enumerate(conv_layers):
            self.conv_layers.append(
                block(in_d, dim, k, stride, is_group_norm=(mode == "default" and i == 0))
            )
            in_d = dim

    def forward(self, x):
        x = x.unsqueeze(1)
        for conv in self.conv_layers:
            x = conv(x)
        return x


class Wav2Vec2(nn.Module):
    def __init__(
        self, encoder_embed_dim=192, encoder_layers=4, heads=4, conv_pos=64, conv_pos_groups=8
    ):
        super().__init__()
        layers = eval(conv_feature_layers)
        self.feature_extractor = ConvFeatureExtractionModel(layers)
        self.embed = layers[-1][0]
        self.layer_norm = nn.LayerNorm(self.embed)
        self.post_extract_proj = nn.Linear(self.embed, encoder_embed_dim)
        self.mask_emb = nn.Parameter(torch.FloatTensor(encoder_embed_dim).uniform_())
        pos_conv = nn.Conv1d(
            encoder_embed_dim,
            encoder_embed_dim,
            conv_pos,
            padding=conv_pos // 2,
            groups=conv_pos_groups,
        )
        self.pos_conv = nn.Sequential(
            nn.utils.parametrizations.weight_norm(pos_conv, name="weight", dim=2), nn.GELU()
        )
        self.encoder = nn.TransformerEncoder(
            nn.TransformerEncoderLayer(
                encoder_embed_dim, heads, 4 * encoder_embed_dim, batch_first=True, activation="gelu"
            ),
            encoder_layers,
            enable_nested_tensor=False,
        )
        self.final_proj = nn.Linear(encoder_embed_dim, 128)

    def forward(self, source):
        f = self.layer_norm(self.feature_extractor(source).transpose(1, 2))
        x = self.post_extract_proj(f)
        x = x + self.pos_conv(x.transpose(1, 2))[..., : x.shape[1]].transpose(1, 2)
        return self.final_proj(self.encoder(x))


model = Wav2Vec2(encoder_embed_dim=192, encoder_layers=4)
