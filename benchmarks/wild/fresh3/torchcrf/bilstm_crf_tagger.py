import torch.nn as nn
from torchcrf import CRF


class BiLSTMCRF(nn.Module):
    def __init__(self, vocab_size=5000, num_tags=9, emb_dim=100, hidden=128):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, emb_dim, padding_idx=0)
        self.lstm = nn.LSTM(emb_dim, hidden // 2, num_layers=2, bidirectional=True, batch_first=True)
        self.dropout = nn.Dropout(0.5)
        self.hidden2tag = nn.Linear(hidden, num_tags)
        self.crf = CRF(num_tags, batch_first=True)

    def forward(self, tokens, tags, mask):
        emissions = self.hidden2tag(self.dropout(self.lstm(self.embedding(tokens))[0]))
        return -self.crf(emissions, tags, mask=mask)


model = BiLSTMCRF()
