"""CrossBatchMemory around a contrastive loss (its memory bank is buffers) beside a CosFace head that owns class weights."""

import torch.nn as nn
from pytorch_metric_learning import losses, miners

emb_dim = 48
xbm = losses.CrossBatchMemory(
    loss=losses.ContrastiveLoss(pos_margin=0, neg_margin=1),
    embedding_size=emb_dim,
    memory_size=512,
    miner=miners.MultiSimilarityMiner(epsilon=0.1),
)


class Net(nn.Module):
    def __init__(self, vocab=500, dim=emb_dim):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, 96, mode="mean")
        self.proj = nn.Linear(96, dim)
        self.criterion = xbm
        self.cosface = losses.CosFaceLoss(num_classes=20, embedding_size=dim, margin=0.35, scale=64)

    def forward(self, tokens, offsets):
        return self.proj(self.emb(tokens, offsets))


model = Net()
