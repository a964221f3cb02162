"""Text classifier: torchnlp CNNEncoder over embeddings plus a general Attention over GRU states."""

import torch.nn as nn
from torchnlp.nn import Attention, CNNEncoder

cfg = dict(vocab=800, emb=50, filters=16, ngrams=(2, 3, 4), hidden=40, classes=5)


class Classifier(nn.Module):
    def __init__(self, vocab, emb, filters, ngrams, hidden, classes):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.cnn = CNNEncoder(
            embedding_dim=emb, num_filters=filters, ngram_filter_sizes=ngrams, output_dim=hidden
        )
        self.gru = nn.GRU(emb, hidden, batch_first=True)
        self.attn = Attention(hidden, attention_type="general")
        self.dot = Attention(hidden, attention_type="dot")
        self.out = nn.Linear(2 * hidden, classes)


model = Classifier(**cfg)
