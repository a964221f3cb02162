"""DeepAR: categorical covariates embedded with fastai's size rule min(600, round(1.6 * n ** 0.56)), lag features, a stacked LSTM and a Student-t head."""

from torch import nn

CARDINALITIES = [370, 7, 24, 12]
LAGS = [1, 2, 3, 7, 14, 24, 168]


def emb_sz_rule(n_cat):
    return min(600, round(1.6 * n_cat**0.56))


class StudentTHead(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.proj = nn.ModuleDict({k: nn.Linear(hidden, 1) for k in ("df", "loc", "scale")})


class DeepAR(nn.Module):
    def __init__(
        self, cardinalities, lags, num_time_feat=4, hidden=40, layers=2, dropout=0.1, scaling=True
    ):
        super().__init__()
        self.embedders = nn.ModuleList([nn.Embedding(c, emb_sz_rule(c)) for c in cardinalities])
        input_size = (
            len(lags)
            + num_time_feat
            + sum(e.embedding_dim for e in self.embedders)
            + (1 if scaling else 0)
        )
        self.rnn = nn.LSTM(input_size, hidden, num_layers=layers, dropout=dropout, batch_first=True)
        self.head = StudentTHead(hidden)


model = DeepAR(CARDINALITIES, LAGS, num_time_feat=5, hidden=32, layers=3)
