"""Graphormer: atom/edge embeddings, degree (centrality) and spatial-distance encodings, graph token."""

import torch.nn as nn

cfg = dict(
    num_atoms=512 * 9,
    num_edges=512 * 3,
    num_in_degree=512,
    num_out_degree=512,
    num_spatial=512,
    hidden=256,
    heads=8,
    layers=6,
    ffn=256,
)


class GraphNodeFeature(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.atom_encoder = nn.Embedding(c["num_atoms"] + 1, c["hidden"], padding_idx=0)
        self.in_degree_encoder = nn.Embedding(c["num_in_degree"], c["hidden"], padding_idx=0)
        self.out_degree_encoder = nn.Embedding(c["num_out_degree"], c["hidden"], padding_idx=0)
        self.graph_token = nn.Embedding(1, c["hidden"])


class GraphAttnBias(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.edge_encoder = nn.Embedding(c["num_edges"] + 1, c["heads"], padding_idx=0)
        self.spatial_pos_encoder = nn.Embedding(c["num_spatial"], c["heads"], padding_idx=0)
        self.graph_token_virtual_distance = nn.Embedding(1, c["heads"])


class Graphormer(nn.Module):
    def __init__(self, c, num_tasks=1):
        super().__init__()
        self.node_feature = GraphNodeFeature(c)
        self.attn_bias = GraphAttnBias(c)
        self.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(
                c["hidden"], c["heads"], c["ffn"], batch_first=True, norm_first=True
            )
            for _ in range(c["layers"])
        )
        self.final_ln = nn.LayerNorm(c["hidden"])
        self.head = nn.Linear(c["hidden"], num_tasks)


model = Graphormer(cfg)
