"""TabM from mambular: a batch ensemble MLP for tabular regression."""

from mambular.base_models.tabm import TabM
from mambular.configs import DefaultTabMConfig

num_info = {
    name: {"preprocessing": "standardization", "dimension": 1, "categories": None}
    for name in ("lat", "lon", "rooms", "area", "year")
}
config = DefaultTabMConfig(layer_sizes=[128, 64], ensemble_size=8)
model = TabM(feature_information=(num_info, {}, {}), num_classes=1, config=config)
