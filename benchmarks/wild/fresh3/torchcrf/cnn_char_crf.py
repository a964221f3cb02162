import torch
import torch.nn as nn
from torchcrf import CRF

TAGS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG", "B-MISC", "I-MISC"]


class CharCNNTagger(nn.Module):
    def __init__(self, n_chars=96, n_words=20000, char_dim=30, word_dim=64, filters=50):
        super().__init__()
        self.char_emb = nn.Embedding(n_chars, char_dim)
        self.char_cnn = nn.Conv1d(char_dim, filters, kernel_size=3, padding=1)
        self.word_emb = nn.Embedding(n_words, word_dim)
        self.gru = nn.GRU(word_dim + filters, 100, batch_first=True, bidirectional=True)
        self.proj = nn.Linear(200, len(TAGS))
        self.crf = CRF(num_tags=len(TAGS), batch_first=True)

    def forward(self, words, chars):
        c = self.char_cnn(self.char_emb(chars).transpose(1, 2)).max(-1).values
        x = torch.cat([self.word_emb(words), c], -1)
        return self.crf.decode(self.proj(self.gru(x)[0]))


model = CharCNNTagger()
