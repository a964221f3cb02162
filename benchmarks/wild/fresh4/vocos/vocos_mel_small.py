from vocos import Vocos
from vocos.feature_extractors import MelSpectrogramFeatures
from vocos.heads import ISTFTHead
from vocos.models import VocosBackbone

feature_extractor = MelSpectrogramFeatures(sample_rate=16000, n_fft=512, hop_length=128, n_mels=64)
backbone = VocosBackbone(input_channels=64, dim=192, intermediate_dim=576, num_layers=4)
head = ISTFTHead(dim=192, n_fft=512, hop_length=128)
model = Vocos(feature_extractor, backbone, head)
