# sLSTM layers alone as a sequence encoder for classification of sensor windows
import torch.nn as nn
from tirex.models.slstm.cell import sLSTMBlockConfig
from tirex.models.slstm.layer import sLSTMLayer

cfg = sLSTMBlockConfig(embedding_dim=48, num_heads=3)
model = nn.Sequential(
    nn.Linear(6, cfg.embedding_dim),
    sLSTMLayer(cfg, backend="torch"),
    sLSTMLayer(cfg, backend="torch"),
)
model.append(nn.Linear(cfg.embedding_dim, 5))
