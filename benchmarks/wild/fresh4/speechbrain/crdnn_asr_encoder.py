from speechbrain.lobes.models.CRDNN import CRDNN
from speechbrain.nnet.RNN import LSTM

model = CRDNN(
    input_shape=[None, None, 40],
    cnn_blocks=2,
    cnn_channels=(32, 64),
    rnn_class=LSTM,
    rnn_layers=2,
    rnn_neurons=256,
    rnn_bidirectional=True,
    dnn_blocks=1,
    dnn_neurons=256,
)
