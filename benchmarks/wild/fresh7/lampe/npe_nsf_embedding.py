import torch.nn as nn
import zuko
from lampe.inference import NPE


class NPEWithEmbedding(nn.Module):
    """Summary network compresses a 200-sample trace to 16 features before the flow."""

    def __init__(self):
        super().__init__()
        self.embedding = nn.Sequential(
            nn.Conv1d(1, 16, 5, stride=2),
            nn.ReLU(),
            nn.Conv1d(16, 32, 5, stride=2),
            nn.ReLU(),
            nn.AdaptiveAvgPool1d(4),
            nn.Flatten(),
            nn.Linear(128, 16),
        )
        self.npe = NPE(5, 16, build=zuko.flows.NSF, transforms=3, hidden_features=[64] * 3, bins=8)


model = NPEWithEmbedding()
