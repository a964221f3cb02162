import torch.nn as nn


class NeuMF(nn.Module):
    def __init__(self, num_users, num_items, mf_dim=8, layers=(64, 32, 16, 8)):
        super().__init__()
        self.user_gmf = nn.Embedding(num_users, mf_dim)
        self.item_gmf = nn.Embedding(num_items, mf_dim)
        # the MLP tower's first layer sees both embeddings concatenated: each is half its width
        self.user_mlp = nn.Embedding(num_users, layers[0] // 2)
        self.item_mlp = nn.Embedding(num_items, layers[0] // 2)
        mlp = []
        for a, b in zip(layers[:-1], layers[1:]):
            mlp += [nn.Linear(a, b), nn.ReLU()]
        self.mlp = nn.Sequential(*mlp)
        self.predict = nn.Linear(mf_dim + layers[-1], 1)


model = NeuMF(num_users=500, num_items=800, mf_dim=16, layers=(64, 32, 16))
