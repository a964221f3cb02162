# a user's classifier: pytorch_pretrained_bert's BertModel body plus a mean-pool + 2-layer head
import torch.nn as nn
from pytorch_pretrained_bert.modeling import BertConfig, BertModel


class BertMeanPoolClassifier(nn.Module):
    def __init__(self, n_classes=5, hidden=192, layers=3):
        super().__init__()
        cfg = BertConfig(
            vocab_size_or_config_json_file=21128,
            hidden_size=hidden,
            num_hidden_layers=layers,
            num_attention_heads=hidden // 64,
            intermediate_size=hidden * 4,
            max_position_embeddings=128,
        )
        self.bert = BertModel(cfg)
        self.head = nn.Sequential(
            nn.Linear(hidden, hidden // 2), nn.Tanh(), nn.Linear(hidden // 2, n_classes)
        )


model = BertMeanPoolClassifier(n_classes=5)
