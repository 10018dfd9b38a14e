/**
 * What each category sells, for the seed generator: the charms' subjects, the drawing they use, and words
 * shoppers search by. Subjects are real charm themes; the generator adds styles ("3D", "Enamel", ...).
 */
export interface CategoryTheme {
  /** urlFriendlyName of the category (see reference-data.ts). */
  slug: string;
  shape: string;
  subjects: readonly string[];
  keywords: string;
  /** How many products the standard catalog makes here, at least (subjects x styles as needed). */
  count: number;
}

export const DOG_BREEDS = [
  'Labrador Retriever', 'German Shepherd', 'Golden Retriever', 'French Bulldog', 'Bulldog', 'Poodle', 'Beagle',
  'Rottweiler', 'German Shorthaired Pointer', 'Dachshund', 'Pembroke Welsh Corgi', 'Australian Shepherd',
  'Yorkshire Terrier', 'Boxer', 'Cavalier King Charles Spaniel', 'Doberman Pinscher', 'Great Dane',
  'Miniature Schnauzer', 'Siberian Husky', 'Bernese Mountain Dog', 'Cane Corso', 'Shih Tzu', 'Boston Terrier',
  'Pomeranian', 'Havanese', 'Shetland Sheepdog', 'Brittany Spaniel', 'English Springer Spaniel', 'Cocker Spaniel',
  'Miniature American Shepherd', 'Border Collie', 'Vizsla', 'Basset Hound', 'Belgian Malinois', 'Chihuahua',
  'Maltese', 'Weimaraner', 'Collie', 'Newfoundland', 'Rhodesian Ridgeback', 'Shiba Inu', 'West Highland Terrier',
  'Bichon Frise', 'Bloodhound', 'English Cocker Spaniel', 'Akita', 'Portuguese Water Dog', 'St. Bernard',
  'Chesapeake Bay Retriever', 'Dalmatian', 'Bullmastiff', 'Papillon', 'Australian Cattle Dog', 'Scottish Terrier',
  'Samoyed', 'Whippet', 'Jack Russell Terrier', 'Pug', 'Airedale Terrier', 'Greyhound', 'Irish Setter',
  'Lhasa Apso', 'Schnauzer', 'Cairn Terrier', 'Pit Bull Terrier', 'Sheltie Puppy', 'Mixed Breed Rescue Dog',
  'Irish Wolfhound',
] as const;

export const CAT_SUBJECTS = [
  'Sitting Cat', 'Sleeping Cat', 'Playful Kitten', 'Siamese Cat', 'Persian Cat', 'Maine Coon Cat', 'Black Cat',
  'Tabby Cat', 'Cat with Yarn Ball', 'Cat in a Basket', 'Cat Face', 'Calico Cat',
] as const;

export const CATEGORY_THEMES: readonly CategoryTheme[] = [
  { slug: 'Animal-Charms', shape: 'horse', count: 70, keywords: 'animal wildlife zoo pet', subjects: ['Elephant', 'Giraffe', 'Lion', 'Tiger', 'Panda Bear', 'Teddy Bear', 'Horse', 'Pony', 'Rabbit', 'Turtle', 'Frog', 'Monkey', 'Koala', 'Kangaroo', 'Pig', 'Cow', 'Sheep', 'Fox', 'Owl', 'Deer', 'Squirrel', 'Hedgehog', 'Zebra', 'Bear Cub', 'Raccoon'] },
  { slug: 'Baby-Charms', shape: 'baby', count: 55, keywords: 'baby newborn infant shower christening', subjects: ['Baby Bootie', 'Baby Carriage', 'Baby Bottle', 'Rattle', 'Pacifier', 'Rocking Horse', 'Baby Block', 'Stork', 'Safety Pin', 'Baby Feet', 'Its a Girl', 'Its a Boy', 'Teddy Bear', 'Cradle', 'Bib', 'Baby Handprint'] },
  { slug: 'Beach-Charms', shape: 'shell', count: 55, keywords: 'beach ocean sea summer vacation', subjects: ['Seashell', 'Starfish', 'Sand Dollar', 'Flip Flops', 'Beach Umbrella', 'Palm Tree', 'Sunglasses', 'Surfboard', 'Beach Chair', 'Sandcastle', 'Crab', 'Sea Turtle', 'Dolphin', 'Conch Shell', 'Sun', 'Seahorse'] },
  { slug: 'Bird-Charms', shape: 'butterfly', count: 40, keywords: 'bird wings nature', subjects: ['Hummingbird', 'Cardinal', 'Bluebird', 'Eagle', 'Owl', 'Dove', 'Parrot', 'Flamingo', 'Penguin', 'Robin', 'Swan', 'Peacock', 'Bird Nest', 'Rooster'] },
  { slug: 'Birthday-Charms', shape: 'cake', count: 55, keywords: 'birthday party celebration gift', subjects: ['Birthday Cake', 'Cupcake', 'Balloon', 'Party Hat', 'Gift Box', 'Sweet 16', '21st Birthday', '30th Birthday', '40th Birthday', '50th Birthday', 'Happy Birthday', 'Candle', 'Birthday Crown', 'Champagne Toast'] },
  { slug: 'Birthstone-Charms', shape: 'heart', count: 48, keywords: 'birthstone gem crystal month', subjects: ['January Garnet', 'February Amethyst', 'March Aquamarine', 'April Crystal', 'May Emerald', 'June Alexandrite', 'July Ruby', 'August Peridot', 'September Sapphire', 'October Rose Zircon', 'November Topaz', 'December Blue Zircon'] },
  { slug: 'Calendar-Charms', shape: 'calendar', count: 24, keywords: 'calendar date anniversary wedding birthday personalized custom', subjects: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] },
  { slug: 'Cat-Charms', shape: 'cat', count: 12, keywords: 'cat kitten kitty pet feline', subjects: CAT_SUBJECTS },
  { slug: 'Christmas-Charms', shape: 'tree', count: 55, keywords: 'christmas xmas holiday winter santa', subjects: ['Christmas Tree', 'Santa Claus', 'Snowman', 'Reindeer', 'Candy Cane', 'Christmas Stocking', 'Snowflake', 'Wreath', 'Ornament', 'Gingerbread Man', 'Angel', 'Jingle Bell', 'Sleigh', 'Nutcracker', 'Star of Bethlehem'] },
  { slug: 'Dog-Charms', shape: 'dog', count: 68, keywords: 'dog puppy pet canine breed', subjects: DOG_BREEDS },
  { slug: 'Engravable-Charms', shape: 'disc', count: 50, keywords: 'engravable personalized custom name initials engraving', subjects: ['Round Disc', 'Heart Disc', 'Oval Disc', 'Square Tag', 'Dog Tag', 'Rectangle Bar', 'Star Disc', 'Octagon Disc', 'Scalloped Disc', 'Shield', 'Locket', 'Puffed Heart'] },
  { slug: 'Family-Charms', shape: 'house', count: 45, keywords: 'family mom dad sister brother grandma', subjects: ['Mom', 'Dad', 'Sister', 'Brother', 'Grandma', 'Grandpa', 'Aunt', 'Daughter', 'Son', 'Family Tree', 'Home Sweet Home', 'Number One Mom', 'Nana', 'Mother and Child', 'Stick Figure Girl', 'Stick Figure Boy'] },
  { slug: 'Fantasy-Charms', shape: 'star', count: 40, keywords: 'fantasy magic fairy tale', subjects: ['Unicorn', 'Dragon', 'Mermaid', 'Fairy', 'Wizard Hat', 'Castle', 'Crown', 'Magic Wand', 'Pegasus', 'Crystal Ball', 'Glass Slipper', 'Genie Lamp'] },
  { slug: 'Flower-Charms', shape: 'flower', count: 55, keywords: 'flower garden floral spring', subjects: ['Rose', 'Daisy', 'Tulip', 'Sunflower', 'Lily', 'Orchid', 'Hibiscus', 'Lotus', 'Dogwood Blossom', 'Iris', 'Forget Me Not', 'Flower Pot', 'Bouquet', 'Cherry Blossom'] },
  { slug: 'Food-and-Drink-Charms', shape: 'apple', count: 45, keywords: 'food drink kitchen cooking', subjects: ['Apple', 'Cupcake', 'Coffee Cup', 'Wine Glass', 'Pizza Slice', 'Ice Cream Cone', 'Strawberry', 'Pineapple', 'Chef Hat', 'Teapot', 'Donut', 'Beer Mug', 'Cherries', 'Hot Dog', 'Chocolate Bar'] },
  { slug: 'Friendship-Charms', shape: 'heart', count: 40, keywords: 'friendship friend bff best friends', subjects: ['Best Friends', 'BFF', 'Friendship Knot', 'Two Hearts', 'Friends Forever', 'Holding Hands', 'Sister Friend', 'Smiley Face', 'Friendship Heart', 'Peace Sign'] },
  { slug: 'Graduation-Charms', shape: 'graduation', count: 40, keywords: 'graduation graduate school college class of', subjects: ['Graduation Cap', 'Diploma', 'Class of 2026', 'Class of 2027', 'Graduation Owl', 'Book Stack', 'Apple for Teacher', 'Nursing Graduate', 'Law Degree', 'Masters Degree'] },
  { slug: 'Halloween-Charms', shape: 'pumpkin', count: 45, keywords: 'halloween spooky october trick or treat', subjects: ['Halloween Pumpkin', 'Jack O Lantern', 'Halloween Ghost', 'Witch Hat', 'Black Cat Halloween', 'Bat', 'Skull', 'Haunted House', 'Candy Corn', 'Spider Web', 'Witch on Broom', 'Frankenstein', 'Cauldron', 'Halloween Candy Bag', 'Tombstone'] },
  { slug: 'Heart-Charms', shape: 'heart', count: 80, keywords: 'heart love romance valentine', subjects: ['Heart', 'Puffed Heart', 'Open Heart', 'Double Heart', 'Heart Lock', 'Heart Key', 'Heart with Arrow', 'Filigree Heart', 'Heart Locket', 'Mom Heart', 'Infinity Heart', 'Heart Padlock', 'Broken Heart', 'Heart in Hand', 'Birthstone Heart', 'Sweetheart'] },
  { slug: 'Hobby-Charms', shape: 'camera', count: 55, keywords: 'hobby craft pastime', subjects: ['Sewing Machine', 'Knitting Needles', 'Camera', 'Paint Palette', 'Fishing Pole', 'Gardening Tools', 'Chess Piece', 'Playing Cards', 'Scissors', 'Thimble', 'Book', 'Bowling Pin', 'Dice', 'Spool of Thread', 'Binoculars'] },
  { slug: 'Holiday-Charms', shape: 'gift', count: 40, keywords: 'holiday celebration seasonal', subjects: ['Easter Egg', 'Easter Bunny', 'Shamrock', 'Valentine Heart', 'Thanksgiving Turkey', 'Firecracker', 'Menorah', 'Dreidel', 'New Year Champagne', 'Mothers Day', 'Fathers Day', 'Cinco de Mayo Sombrero'] },
  { slug: 'Letter-Charms', shape: 'letter', count: 26, keywords: 'letter initial alphabet monogram', subjects: [] },
  { slug: 'Love-and-Marriage-Charms', shape: 'ring', count: 60, keywords: 'love marriage wedding bride groom anniversary engagement', subjects: ['Wedding Rings', 'Engagement Ring', 'Bride', 'Groom', 'Wedding Cake', 'Wedding Bells', 'Love Birds', 'Just Married', 'Mr and Mrs', 'Anniversary Heart', 'Cupid', 'Love Letter', 'Kiss Lips', 'Bride and Groom', 'I Love You'] },
  { slug: 'Medical-Charms', shape: 'cross', count: 35, keywords: 'medical nurse doctor health', subjects: ['Nurse Cap', 'Stethoscope', 'Caduceus', 'Red Cross', 'Nurse', 'Doctor Bag', 'Syringe', 'Tooth', 'Pill Bottle', 'Medical Alert', 'Awareness Ribbon', 'Heartbeat'] },
  { slug: 'Military-Charms', shape: 'star', count: 35, keywords: 'military army navy marines air force patriot', subjects: ['Army Star', 'Navy Anchor', 'Marine Corps', 'Air Force Wings', 'Coast Guard', 'Dog Tags', 'Soldier', 'Military Helmet', 'Purple Heart', 'Army Mom', 'Navy Wife'] },
  { slug: 'Moveable-Charms', shape: 'car', count: 50, keywords: 'moveable moving parts spinner opens', subjects: ['Moveable Windmill', 'Moveable Ferris Wheel', 'Moveable Carousel', 'Moveable Treasure Chest', 'Moveable Piano', 'Moveable Jewelry Box', 'Moveable Book', 'Moveable Globe', 'Moveable Clock', 'Moveable Bicycle', 'Moveable Wheelbarrow', 'Moveable Rocking Chair', 'Moveable Mailbox', 'Moveable Birdcage', 'Moveable Laptop'] },
  { slug: 'Music-Charms', shape: 'music', count: 50, keywords: 'music musical instrument band', subjects: ['Treble Clef', 'Music Note', 'Guitar', 'Piano', 'Violin', 'Drum', 'Trumpet', 'Saxophone', 'Microphone', 'Headphones', 'Harp', 'Flute', 'Ballet Shoes', 'Record', 'Cello'] },
  { slug: 'Nature-Charms', shape: 'tree', count: 40, keywords: 'nature outdoors tree leaf', subjects: ['Oak Tree', 'Maple Leaf', 'Pine Cone', 'Mountain', 'Acorn', 'Palm Tree', 'Rainbow', 'Raindrop', 'Crescent Moon', 'Sun and Moon', 'Four Leaf Clover', 'Ladybug', 'Dragonfly', 'Butterfly'] },
  { slug: 'Nautical-Charms', shape: 'anchor', count: 40, keywords: 'nautical sailing boat sea', subjects: ['Anchor', 'Sailboat', 'Ship Wheel', 'Lighthouse', 'Compass', 'Life Preserver', 'Sailor Hat', 'Whale', 'Fish', 'Mermaid Tail', 'Oar', 'Knot'] },
  { slug: 'Number-Charms', shape: 'number', count: 99, keywords: 'number numeral age year', subjects: [] },
  { slug: 'Occupation-Charms', shape: 'house', count: 55, keywords: 'occupation career job profession', subjects: ['Teacher Apple', 'Firefighter Helmet', 'Police Badge', 'Chef', 'Hairdresser Scissors', 'Lawyer Scales of Justice', 'Computer', 'Real Estate House', 'Pilot Wings', 'Mail Carrier', 'Dentist Tooth', 'Veterinarian', 'Accountant Calculator', 'Artist Palette', 'Farmer Tractor'] },
  { slug: 'Patriotic-Charms', shape: 'star', count: 35, keywords: 'patriotic america usa flag july 4th', subjects: ['American Flag', 'Liberty Bell', 'Statue of Liberty', 'Uncle Sam Hat', 'USA Map', 'Bald Eagle', 'Firework Star', 'Stars and Stripes', 'Capitol Building', 'Mount Rushmore'] },
  { slug: 'PhotoArt-Charms', shape: 'camera', count: 40, keywords: 'photoart photo picture custom personalized image', subjects: ['PhotoArt Round', 'PhotoArt Heart', 'PhotoArt Oval', 'PhotoArt Square', 'PhotoArt Rectangle', 'PhotoArt Octagon', 'PhotoArt Two-Sided Round', 'PhotoArt Two-Sided Heart', 'PhotoArt Locket', 'PhotoArt Dog Tag', 'PhotoArt Baby Block', 'PhotoArt Frame', 'PhotoArt Cross', 'PhotoArt Shield', 'PhotoArt Flower', 'PhotoArt Star', 'PhotoArt Scalloped', 'PhotoArt Puzzle Piece'] },
  { slug: 'Religious-Charms', shape: 'cross', count: 50, keywords: 'religious faith church', subjects: ['Cross', 'Praying Hands', 'Guardian Angel', 'Star of David', 'Rosary', 'Bible', 'Dove of Peace', 'Celtic Cross', 'Crucifix', 'Miraculous Medal', 'Hamsa Hand', 'Ichthys Fish', 'First Communion'] },
  { slug: 'School-Charms', shape: 'apple', count: 40, keywords: 'school student class teacher', subjects: ['School Bus', 'Pencil', 'Chalkboard', 'Backpack', 'Ruler', 'Crayon', 'Globe', 'ABC Block', 'Report Card', 'Lunch Box', 'Cheerleader Megaphone', 'Schoolhouse'] },
  { slug: 'Silhouette-Charms', shape: 'heart', count: 40, keywords: 'silhouette cutout profile', subjects: ['Girl Silhouette', 'Boy Silhouette', 'Mother and Child Silhouette', 'Dancer Silhouette', 'Cameo', 'Family Silhouette', 'Couple Silhouette', 'Angel Silhouette', 'Cat Silhouette', 'Dog Silhouette', 'Horse Silhouette', 'City Skyline'] },
  { slug: 'Sport-Charms', shape: 'ball', count: 70, keywords: 'sport sports athlete team game', subjects: ['Softball', 'Baseball', 'Basketball', 'Football', 'Soccer Ball', 'Volleyball', 'Tennis Racket', 'Golf Club', 'Hockey Stick', 'Ice Skate', 'Running Shoe', 'Swimmer', 'Cheerleader', 'Gymnast', 'Bowling Ball', 'Ski', 'Surfer', 'Bicycle', 'Lacrosse Stick', 'Trophy'] },
  { slug: 'State-Charms', shape: 'house', count: 50, keywords: 'state usa map travel home', subjects: ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming'] },
  { slug: 'Transportation-Charms', shape: 'car', count: 40, keywords: 'transportation vehicle car travel', subjects: ['Car', 'Convertible', 'Train', 'Airplane', 'Motorcycle', 'Bicycle', 'Fire Truck', 'School Bus', 'Tractor', 'Pickup Truck', 'Helicopter', 'Hot Air Balloon', 'Scooter', 'Taxi Cab'] },
  { slug: 'Travel-Charms', shape: 'plane', count: 55, keywords: 'travel vacation trip world landmark', subjects: ['Eiffel Tower', 'Suitcase', 'Passport', 'Airplane', 'Globe', 'Statue of Liberty', 'Big Ben', 'Leaning Tower of Pisa', 'Golden Gate Bridge', 'Cruise Ship', 'Camera', 'Map Pin', 'Hawaii Hula Girl', 'Las Vegas Sign', 'Paris', 'Italy Boot', 'Ireland Shamrock'] },
  { slug: 'Western-Charms', shape: 'horse', count: 35, keywords: 'western cowboy cowgirl ranch', subjects: ['Cowboy Boot', 'Cowboy Hat', 'Horseshoe', 'Saddle', 'Cactus', 'Longhorn', 'Lasso', 'Sheriff Badge', 'Wagon Wheel', 'Bucking Bronco'] },
  { slug: 'Zodiac-Charms', shape: 'moon', count: 36, keywords: 'zodiac astrology horoscope sign star', subjects: ['Aries', 'Taurus', 'Gemini', 'Cancer', 'Leo', 'Virgo', 'Libra', 'Scorpio', 'Sagittarius', 'Capricorn', 'Aquarius', 'Pisces'] },
  { slug: 'charm-tags', shape: 'tag', count: 30, keywords: 'tag charm tag engravable name personalized', subjects: ['Round Charm Tag', 'Heart Charm Tag', 'Oval Charm Tag', 'Rectangle Charm Tag', 'Dog Bone Tag', 'Star Charm Tag', 'Scalloped Charm Tag', 'Shield Charm Tag', 'Square Charm Tag', 'Cross Charm Tag'] },
];

/** Styles combined with subjects to make distinct products, as real charm lines do. */
export const STYLES = ['', '3D', 'Enamel', 'Engravable', 'Mini', 'Large', 'Two-Tone', 'Dangle', 'Polished', 'Antiqued', 'Crystal', 'Filigree'] as const;
