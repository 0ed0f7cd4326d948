/** Vocabulary the store generator draws on: department trees and title words. */

export interface CategorySpec {
  name: string;
  /** typical price in major units (the centre of a log-normal). */
  price?: number;
  children?: CategorySpec[];
}

const leaf = (name: string): CategorySpec => ({ name });
const node = (name: string, children: (string | CategorySpec)[], price?: number): CategorySpec => ({
  name,
  price,
  children: children.map((c) => (typeof c === 'string' ? leaf(c) : c)),
});

export const DEPARTMENTS: CategorySpec[] = [
  node(
    'Sports & Outdoors',
    [
      node('Camping Tents', ['Dome Tents', 'Pop-Up Tents', 'Cabin Tents', 'Backpacking Tents']),
      node('Sleeping Bags', ['Mummy Bags', 'Rectangular Bags']),
      node('Camping Shelters', ['Canopies', 'Tarps']),
      'Hiking Backpacks',
      node('Water Bottles', ['Insulated Bottles', 'Squeeze Bottles']),
    ],
    60,
  ),
  node(
    'Home & Kitchen',
    [
      node('Kitchen Utensils & Gadgets', ['Spatulas', 'Whisks', 'Graters', 'Measuring Cups']),
      node('Cookware', ['Frying Pans', 'Saucepans', 'Dutch Ovens']),
      node('Storage & Organization', ['Drawer Organizers', 'Storage Bins', 'Closet Hangers']),
      'Bedding',
      node('Home Décor', ['Candles', 'Picture Frames', 'Vases']),
    ],
    28,
  ),
  node(
    'Electronics',
    [
      node('Headphones', ['Earbuds', 'Over-Ear Headphones', 'On-Ear Headphones']),
      node('Cables & Adapters', ['USB Cables', 'HDMI Cables', 'Power Adapters']),
      node('Cell Phone Accessories', ['Phone Cases', 'Screen Protectors', 'Car Chargers']),
      'Smart Home',
      node('Computer Accessories', ['Keyboards', 'Mice', 'Laptop Stands']),
    ],
    35,
  ),
  node(
    'Clothing, Shoes & Accessories',
    [
      node('Men', ["Men's Shorts", "Men's T-Shirts", "Men's Socks", "Men's Jackets"]),
      node('Women', ["Women's Tops", "Women's Leggings", "Women's Dresses"]),
      node('Kids', ["Kids' Pajamas", "Kids' Hats"]),
      'Luggage',
    ],
    30,
  ),
  node(
    'Toys & Games',
    [
      node('Puzzles', ['Jigsaw Puzzles', 'Brain Teasers']),
      'Building Toys',
      'Stuffed Animals',
      node('Games', ['Board Games', 'Card Games']),
    ],
    22,
  ),
  node(
    'Beauty & Personal Care',
    [
      node('Skin Care', ['Moisturizers', 'Serums', 'Sunscreens']),
      node('Hair Care', ['Shampoos', 'Conditioners', 'Hair Brushes']),
      'Makeup',
      'Fragrance',
    ],
    24,
  ),
  node(
    'Pet Supplies',
    [
      node('Dogs', ['Dog Toys', 'Dog Beds', 'Dog Leashes']),
      node('Cats', ['Cat Litter', 'Cat Toys']),
      'Aquarium',
    ],
    26,
  ),
  node(
    'Tools & Home Improvement',
    [
      node('Hand Tools', ['Screwdrivers', 'Wrenches', 'Pliers']),
      'Power Tool Accessories',
      node('Lighting', ['LED Bulbs', 'Flashlights', 'String Lights']),
    ],
    40,
  ),
  node(
    'Office Products',
    [node('Writing Supplies', ['Pens', 'Markers', 'Pencils']), 'Notebooks', 'Desk Organizers'],
    16,
  ),
];

export const BOOKS: CategorySpec = node(
  'Books',
  [
    node('Literature & Fiction', ['Mystery', 'Romance', 'Science Fiction']),
    "Children's Books",
    'Cookbooks',
    'History',
  ],
  18,
);

export const ADJECTIVES = [
  'Premium',
  'Portable',
  'Heavy Duty',
  'Lightweight',
  'Waterproof',
  'Compact',
  'Adjustable',
  'Foldable',
  'Durable',
  'Professional',
  'Classic',
  'Deluxe',
  'Ultra',
  'Eco-Friendly',
  'Reusable',
  'Wireless',
  'Large',
  'Mini',
  'Soft',
  'Stainless',
  'Vintage',
  'Modern',
  'Quick-Dry',
  'Non-Slip',
  'Rechargeable',
];

export const FEATURES = [
  'for Home and Travel',
  'with Storage Bag',
  'Easy Setup',
  'Gift Set',
  'for Kids and Adults',
  'Multi-Pack',
  'with Carry Case',
  'for Everyday Use',
  'Long Lasting',
  'BPA Free',
  '2-Pack',
  '3-Pack',
  'Set of 4',
  'for Outdoor Use',
  'with Lifetime Warranty',
  'Extra Large',
  'Travel Size',
  'Value Pack',
];

export const COLORS = [
  'Black',
  'White',
  'Blue',
  'Grey',
  'Green',
  'Red',
  'Pink',
  'Navy',
  'Beige',
  'Brown',
  'Purple',
  'Orange',
];

export const BRAND_SYLLABLES = [
  'ko',
  'ra',
  'zen',
  'vo',
  'lux',
  'tek',
  'mi',
  'sun',
  'ar',
  'no',
  'vi',
  'qu',
  'el',
  'pro',
  'max',
  'ti',
  'ka',
  'do',
  'ze',
  'bo',
  'lin',
  'ner',
  'ox',
  'ya',
];

export const BOOK_WORDS = [
  'Silent',
  'Garden',
  'River',
  'Night',
  'House',
  'Secret',
  'Winter',
  'Story',
  'Kitchen',
  'Empire',
  'Stars',
  'Journey',
  'Letters',
  'Island',
  'Shadow',
  'Light',
  'Memory',
  'Road',
  'Summer',
  'Storm',
];

export const AUTHOR_NAMES = [
  'Anne Carter',
  'James Holt',
  'Maria Lopez',
  'Chen Wei',
  'Sarah Knight',
  'David Moreau',
  'Priya Nair',
  'Tom Becker',
  'Lucy Grant',
  'Omar Haddad',
];
