# two small labml_nn models in one user module: a HyperLSTM language model and a 2-layer GAT
import torch.nn as nn
from labml_nn.graphs.gat import GraphAttentionLayer
from labml_nn.hypernetworks.hyper_lstm import HyperLSTM


class CharHyperLM(nn.Module):
    def __init__(self, n_tokens=96, d=128):
        super().__init__()
        self.emb = nn.Embedding(n_tokens, d)
        self.lstm = HyperLSTM(input_size=d, hidden_size=256, hyper_size=64, n_z=16, n_layers=2)
        self.out = nn.Linear(256, n_tokens)


class GAT(nn.Module):
    def __init__(self, in_features=1433, n_hidden=64, n_classes=7, n_heads=8):
        super().__init__()
        self.layer1 = GraphAttentionLayer(
            in_features, n_hidden, n_heads, is_concat=True, dropout=0.6
        )
        self.output = GraphAttentionLayer(n_hidden, n_classes, 1, is_concat=False, dropout=0.6)


class Both(nn.Module):
    def __init__(self):
        super().__init__()
        self.lm = CharHyperLM()
        self.gat = GAT()


model = Both()
