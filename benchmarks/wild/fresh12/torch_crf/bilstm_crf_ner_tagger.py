"""BiLSTM-CRF tagger with TorchCRF's CRF (transition, start and end parameters)."""

import torch.nn as nn
from TorchCRF import CRF

TAGS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG", "<pad>"]


class BiLSTMCRF(nn.Module):
    def __init__(self, vocab_size, emb_dim, hidden, tags):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.lstm = nn.LSTM(
            emb_dim, hidden // 2, num_layers=2, bidirectional=True, batch_first=True
        )
        self.hidden2tag = nn.Linear(hidden, len(tags))
        self.crf = CRF(len(tags), use_gpu=False)


model = BiLSTMCRF(vocab_size=2000, emb_dim=64, hidden=128, tags=TAGS)
