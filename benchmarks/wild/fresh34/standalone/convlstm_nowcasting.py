import torch.nn as nn


class ConvLSTMCell(nn.Module):
    def __init__(self, input_dim, hidden_dim, kernel_size, bias=True):
        super().__init__()
        self.hidden_dim = hidden_dim
        pad = kernel_size[0] // 2, kernel_size[1] // 2
        self.conv = nn.Conv2d(
            input_dim + hidden_dim, 4 * hidden_dim, kernel_size, padding=pad, bias=bias
        )


class ConvLSTM(nn.Module):
    def __init__(self, input_dim, hidden_dim, kernel_size, num_layers, bias=True):
        super().__init__()
        if not isinstance(kernel_size, list):
            kernel_size = [kernel_size] * num_layers
        if not isinstance(hidden_dim, list):
            hidden_dim = [hidden_dim] * num_layers
        cells = []
        for i in range(num_layers):
            cur_in = input_dim if i == 0 else hidden_dim[i - 1]
            cells.append(ConvLSTMCell(cur_in, hidden_dim[i], kernel_size[i], bias))
        self.cells = nn.ModuleList(cells)


class Nowcaster(nn.Module):
    def __init__(self, in_ch=1, hidden=(32, 16), k=(3, 3)):
        super().__init__()
        self.encoder = ConvLSTM(in_ch, list(hidden), k, len(hidden))
        self.forecaster = ConvLSTM(
            hidden[-1], list(reversed(hidden)), [(5, 5), (3, 3)], len(hidden), bias=False
        )
        self.out = nn.Conv2d(hidden[0], in_ch, 1)


model = Nowcaster(in_ch=2, hidden=(24, 12), k=(3, 3))
