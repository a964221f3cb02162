import torch.nn as nn

TASKS = {"sentiment": 3, "topic": 20, "toxicity": 2, "language": 12}


class SharedEncoder(nn.Module):
    def __init__(self, vocab=30000, dim=256, layers=2, heads=4):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.pos = nn.Embedding(256, dim)
        enc_layer = nn.TransformerEncoderLayer(d_model=dim, nhead=heads, dim_feedforward=2 * dim,
                                               batch_first=True, norm_first=True)
        self.encoder = nn.TransformerEncoder(enc_layer, num_layers=layers, enable_nested_tensor=False)


class MultiTask(nn.Module):
    def __init__(self, tasks, dim=256, **enc_kwargs):
        super().__init__()
        self.encoder = SharedEncoder(dim=dim, **enc_kwargs)
        self.heads = nn.ModuleDict({name: nn.Linear(dim, n) for name, n in tasks.items()})
        # a later experiment adds a regression head and a deeper head for topics
        self.heads.update({
            "readability": nn.Sequential(nn.Linear(dim, 64), nn.ReLU(), nn.Linear(64, 1)),
            "topic": nn.Sequential(nn.Dropout(0.2), nn.Linear(dim, dim), nn.Tanh(),
                                   nn.Linear(dim, tasks["topic"])),
        })


model = MultiTask(TASKS, dim=192, vocab=25000, layers=3, heads=6)
