# BiLSTM-CRF NER tagger: char CNN + word embeddings, a transition matrix with START/STOP tags
import torch
import torch.nn as nn

tags = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC", "B-ORG", "I-ORG", "B-MISC", "I-MISC"]
tag_to_ix = {t: i for i, t in enumerate(tags + ["<START>", "<STOP>"])}


class CharCNN(nn.Module):
    def __init__(self, n_chars=100, dim=30, filters=50):
        super().__init__()
        self.emb = nn.Embedding(n_chars, dim, padding_idx=0)
        self.conv = nn.Conv1d(dim, filters, 3, padding=1)


class BiLSTMCRF(nn.Module):
    def __init__(self, vocab=25000, word_dim=100, hidden=200):
        super().__init__()
        self.chars = CharCNN()
        self.words = nn.Embedding(vocab, word_dim)
        self.lstm = nn.LSTM(
            word_dim + 50, hidden // 2, num_layers=1, bidirectional=True, batch_first=True
        )
        self.hidden2tag = nn.Linear(hidden, len(tag_to_ix))
        self.transitions = nn.Parameter(torch.randn(len(tag_to_ix), len(tag_to_ix)))


model = BiLSTMCRF()
