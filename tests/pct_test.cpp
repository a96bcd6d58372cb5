#include "urix/pct.h"

#include <gtest/gtest.h>

namespace {

TEST(Encode, SeedExamples) {
  EXPECT_EQ(urix::encode(" ", urix::sets::unreserved), "%20");
  EXPECT_EQ(urix::encode("\xE4\xB8\xAD", urix::sets::unreserved), "%E4%B8%AD");
}

}  // namespace
