# ConvKB over pretrained-shaped TransE embeddings, plus an extra relation-type classifier head
import torch.nn as nn
from torchkge.models import ConvKBModel


class ConvKBWithTypes(nn.Module):
    def __init__(self, emb_dim, n_filters, n_entities, n_relations, n_types):
        super().__init__()
        self.kge = ConvKBModel(emb_dim, n_filters, n_entities, n_relations)
        self.type_head = nn.Sequential(
            nn.Linear(emb_dim, emb_dim // 2), nn.ReLU(), nn.Linear(emb_dim // 2, n_types)
        )


model = ConvKBWithTypes(emb_dim=20, n_filters=6, n_entities=300, n_relations=11, n_types=7)
